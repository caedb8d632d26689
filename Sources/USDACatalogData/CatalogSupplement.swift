// Foods the USDA SR24 catalog (2011) lacks and people ask for (issue 24 #4), each copied from a
// public food-composition database, value for value, with its record named in its row. Edited by
// hand: a row is added only with a record to cite, and a value the record does not give (or gives
// only as a bound, "< 0.5", or as "traces") stays empty, which the store keeps as unknown.
//
// The sources, and where their text was read:
// - USDA SR 28 (National Nutrient Database for Standard Reference, release 28, 2016, public domain;
//   the same data FoodData Central serves as "SR Legacy"). Values from its abbreviated table
//   ABBREV.txt (columns Energ_Kcal, Protein, Carbohydrt, Lipid_Tot, Fiber_TD, Sugar_Tot, FA_Sat,
//   Sodium, Cholestrl, Potassium, Calcium, Iron, Vit_C, Vit_D_µg), names from FOOD_DES.txt
//   (Long_Desc), household measures from WEIGHT.txt (Amount, Msre_Desc, Gm_Wgt). Copies read:
//   github.com/d9nchik/db_test ABBREV.txt (sha256 7e5c5e23…2e07, 8,790 foods; itgma/maxprotein's
//   copy gives the same rows), github.com/masilver99/SR28-PSQL FOOD_DES.txt (a0b39f3a…6b98) and
//   WEIGHT.txt (98484d7e…afae). Vitamin D is SR28's own µg figure.
// - USDA FoodData Central, Foundation Foods (public domain, CC0): FDC 2257046, published
//   2022-04-28; energy is its "Energy (Atwater General Factors)". Only energy and the three
//   macronutrients were read (the record as bundled, with its retrieval date and sha256, in
//   github.com/CalorieToken/CalorieApp frontend/data/usda-reference-foods.json); the rest stays
//   unknown.
// - ANSES CIQUAL 2020 (French food composition table, "Anses. 2020. Ciqual French food composition
//   table."): the official file "Table Ciqual 2020_FR_2020 07 07.xls" (sha256 a728c29d…da75d, as
//   committed in github.com/davetchouen/Analyse-et-Visualisation-des-Donnees-Nutritionnelles-CIQUAL).
//   Energy is "Energie, Règlement UE N° 1169/2011" (fibre counted at 2 kcal/g), protein is
//   N × Jones' factor. The English names are translations of the French ones in source_name.
// - Matvaretabellen (the Norwegian Food Composition Table, Mattilsynet), matvaretabellen.mattilsynet.io:
//   page /en/cultured-milk-raspberry-skyr (Food ID 01.307; source_name is the page's address in
//   words). Only the macronutrients it lists in grams: its other nutrients are given as % of the
//   daily allowance, not as amounts, and are left unknown.
//
// Left out for want of a citable record: plain (unflavoured) skyr (SR28, CIQUAL 2020 and the
// Matvaretabellen pages read have only flavoured skyr); CIQUAL's oat drink (18905), whose protein is
// given only as "< 0.46".
//
// `energy = 4·protein + 4·carbohydrate + 9·fat` holds for every row within the tolerance a test
// states (Tests/BodiiStoreTests/CatalogSupplementTests.swift).

/// Foods seeded with the SR24 catalog, in the same text form (see `CatalogText` in BodiiImport),
/// with three more text columns: each row's `source` and `release` (what the food's detail shows:
/// the database and the record, as "USDA SR 24" for an SR24 food) and `source_name`, the food's
/// name in that database (not stored). Ids are "<database>:<record id>" and never start "usda:",
/// so they cannot collide with SR24's NDB numbers and stay the same from one version to the next.
public enum CatalogSupplement {
    /// Recorded in `food_catalog` beside SR24's release: a new version re-seeds the catalog of
    /// every existing database on its next catalog use, as a new SR24 release would.
    public static let version = "1"
    public static let foodCount = 13

    /// One food per line: id, name, source, release, source_name, then the nutrients per 100 g of
    /// SR24's table (kcal, protein_g, carbs_g, fat_g, fiber_g, sugars_g, saturated_fat_g, sodium_mg,
    /// cholesterol_mg, potassium_mg, calcium_mg, iron_mg, vitamin_c_mg, vitamin_d_ug).
    public static let foods = #"""
id	name	source	release	source_name	kcal	protein_g	carbs_g	fat_g	fiber_g	sugars_g	saturated_fat_g	sodium_mg	cholesterol_mg	potassium_mg	calcium_mg	iron_mg	vitamin_c_mg	vitamin_d_ug
sr28:01256	Yogurt, Greek, plain, nonfat	USDA SR	28, NDB 01256	Yogurt, Greek, plain, nonfat	59	10.19	3.6	0.39	0	3.24	0.117	36	5	141	110	0.07	0	0
sr28:01287	Yogurt, Greek, plain, lowfat	USDA SR	28, NDB 01287	Yogurt, Greek, plain, lowfat	73	9.95	3.94	1.92	0	3.56	1.23	34	10	141	115	0.04	0.8	0
sr28:01293	Yogurt, Greek, plain, whole milk	USDA SR	28, NDB 01293	Yogurt, Greek, plain, whole milk	97	9	3.98	5	0	4	2.395	35	13	141	100	0	0	0
sr28:01289	Kefir, lowfat, plain, LIFEWAY	USDA SR	28, NDB 01289	Kefir, lowfat, plain, LIFEWAY	41	3.79	4.48	0.93	0	4.61	0.658	40	5	164	130	0.04	0.2	1
sr28:14091	Beverages, almond milk, unsweetened, shelf stable	USDA SR	28, NDB 14091	Beverages, almond milk, unsweetened, shelf stable	15	0.59	0.58	1.1	0	0	0	71	0	67	197	0.35	0	1
sr28:14278	Beverages, tea, green, brewed, regular	USDA SR	28, NDB 14278	Beverages, tea, green, brewed, regular	1	0.22	0	0	0	0	0	1	0	8	0	0.02	0.3	0
sr28:14260	Beverages, tea, green, brewed, decaffeinated	USDA SR	28, NDB 14260	Beverages, tea, green, brewed, decaffeinated	0	0	0	0	0	0	0	0	0	15	0	0	0	0
sr28:14058	Beverages, Whey protein powder isolate	USDA SR	28, NDB 14058	Beverages, Whey protein powder isolate	359	58.14	29.07	1.16	0	1.16	0.581	372	12	872	698	1.26	34.9	0
sr28:14066	Beverages, Protein powder whey based	USDA SR	28, NDB 14066	Beverages, Protein powder whey based	352	78.13	6.25	1.56	3.1	0	0.781	156	16	500	469	1.13	0	0
fdc:2257046	Oat milk, unsweetened, plain, refrigerated	USDA FoodData Central	Foundation, FDC 2257046	Oat milk, unsweetened, plain, refrigerated	48.3298	0.796875	5.100325	2.749										
ciqual:9125	Rice, basmati, cooked, unsalted	ANSES CIQUAL	2020, code 9125	Riz basmati, cuit, non salé	117	2.74	24.4	0.6	1		0.3			18	11	0.17		
ciqual:9119	Rice, Thai or basmati, raw	ANSES CIQUAL	2020, code 9119	Riz thaï ou basmati, cru	353	7.67	77.8	0.84	0.92	0.17	0.19	6.39						
mvt:01.307	Skyr, raspberry, cultured milk	Matvaretabellen	Food ID 01.307	Cultured milk, raspberry, skyr	54	9	4	0.2	0									
"""#

    /// Household measures, only where the source gives them (SR28's WEIGHT.txt).
    public static let servings = #"""
food_id	label	grams
sr28:01256	1 container	170
sr28:01287	1 container (7 oz)	200
sr28:14091	1 cup	262
sr28:14278	1 cup	245
sr28:14278	1 fl oz	29.6
sr28:14260	240 ml	240
sr28:14058	3 scoop	86
sr28:14066	0.33 cup	32
"""#
}
