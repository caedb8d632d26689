// Foods the USDA SR24 catalog (2011) lacks and people ask for (issue 24 #4), each copied from a
// public food-composition database, value for value, with its record named in its row. Edited by
// hand: a row is added only with a record to cite, and a value the record does not give (or gives
// only as a bound, "< 0.5", or as "traces") stays empty, which the store keeps as unknown, unless
// an SR24 food of the same name and make-up gives an estimate of it (CatalogEstimates.swift, made
// by scripts/convert-usda: run it after editing this file; a test fails until then).
//
// The sources, and where their text was read:
// - USDA SR 28 (National Nutrient Database for Standard Reference, release 28, 2016, public domain;
//   the same data FoodData Central serves as "SR Legacy"). Values from its abbreviated table
//   ABBREV.txt (columns Energ_Kcal, Protein, Carbohydrt, Lipid_Tot, Fiber_TD, Sugar_Tot, FA_Sat,
//   Sodium, Cholestrl, Potassium, Calcium, Iron, Vit_C, Vit_D_µg; since version 2 also Water,
//   Magnesium, Phosphorus, Zinc, Copper, Manganese, Selenium, Thiamin, Riboflavin, Niacin,
//   Panto_Acid, Vit_B6, Folate_Tot, Choline_Tot, Vit_B12, Vit_A_RAE, Vit_E, Vit_K, FA_Mono and
//   FA_Poly, issue 43: Greek yogurt's B12, riboflavin and phosphorus are measured there, so they
//   are not estimated), names from FOOD_DES.txt
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
    public static let version = "2"
    public static let foodCount = 13

    /// One food per line: id, name, source, release, source_name, then the nutrients per 100 g of
    /// SR24's table (kcal, protein_g, carbs_g, fat_g, fiber_g, sugars_g, saturated_fat_g, sodium_mg,
    /// cholesterol_mg, potassium_mg, calcium_mg, iron_mg, vitamin_c_mg, vitamin_d_ug, then the SR28
    /// rows' water_g … polyunsaturated_fat_g, empty for the other sources).
    public static let foods = #"""
id	name	source	release	source_name	kcal	protein_g	carbs_g	fat_g	fiber_g	sugars_g	saturated_fat_g	sodium_mg	cholesterol_mg	potassium_mg	calcium_mg	iron_mg	vitamin_c_mg	vitamin_d_ug	water_g	magnesium_mg	phosphorus_mg	zinc_mg	copper_mg	manganese_mg	selenium_ug	thiamin_mg	riboflavin_mg	niacin_mg	pantothenic_acid_mg	vitamin_b6_mg	folate_ug	choline_mg	vitamin_b12_ug	vitamin_a_ug	vitamin_e_mg	vitamin_k_ug	monounsaturated_fat_g	polyunsaturated_fat_g
sr28:01256	Yogurt, Greek, plain, nonfat	USDA SR	28, NDB 01256	Yogurt, Greek, plain, nonfat	59	10.19	3.6	0.39	0	3.24	0.117	36	5	141	110	0.07	0	0	85.1	11	135	0.52	0.017	0.009	9.7	0.023	0.278	0.208	0.331	0.063	7	15.1	0.75	1	0.01	0	0.053	0.012
sr28:01287	Yogurt, Greek, plain, lowfat	USDA SR	28, NDB 01287	Yogurt, Greek, plain, lowfat	73	9.95	3.94	1.92	0	3.56	1.23	34	10	141	115	0.04	0.8	0	83.56	11	137	0.6	0.021	0.007	12.4	0.044	0.233	0.197	0.47	0.055	12	15.2	0.52	90	0.04	0.2	0.486	0.076
sr28:01293	Yogurt, Greek, plain, whole milk	USDA SR	28, NDB 01293	Yogurt, Greek, plain, whole milk	97	9	3.98	5	0	4	2.395	35	13	141	100	0	0	0	81.3	11	135	0.52	0.017	0.009	9.7	0.023	0.278	0.208	0.331	0.063	5	15.1	0.75	2	0.01	0	2.136	0.469
sr28:01289	Kefir, lowfat, plain, LIFEWAY	USDA SR	28, NDB 01289	Kefir, lowfat, plain, LIFEWAY	41	3.79	4.48	0.93	0	4.61	0.658	40	5	164	130	0.04	0.2	1	90.07	12	105	0.46	0.009	0.005	3.6	0.03	0.135	0.15	0.385	0.058	13	15.2	0.29	171	0.02	0.1	0.31	0.053
sr28:14091	Beverages, almond milk, unsweetened, shelf stable	USDA SR	28, NDB 14091	Beverages, almond milk, unsweetened, shelf stable	15	0.59	0.58	1.1	0	0	0	71	0	67	197	0.35	0	1	97.05	7	10	0.07	0.029	0.042	0.2	0.06	0.047	0.075	0.03	0.015	1	0	0	43	2.81	0	0.708	0.236
sr28:14278	Beverages, tea, green, brewed, regular	USDA SR	28, NDB 14278	Beverages, tea, green, brewed, regular	1	0.22	0	0	0	0	0	1	0	8	0	0.02	0.3	0	99.93	1	0	0.01	0.004	0.184	0	0.007	0.058	0.03		0.005	0	0	0	0	0	0	0	0
sr28:14260	Beverages, tea, green, brewed, decaffeinated	USDA SR	28, NDB 14260	Beverages, tea, green, brewed, decaffeinated	0	0	0	0	0	0	0	0	0	15	0	0	0	0	99.93	1	0	0.01	0.005		0	0.007	0.058	0.03		0.005	0	0	0	0	0	0	0	0
sr28:14058	Beverages, Whey protein powder isolate	USDA SR	28, NDB 14058	Beverages, Whey protein powder isolate	359	58.14	29.07	1.16	0	1.16	0.581	372	12	872	698	1.26	34.9	0	0.86	233	581	8.72	1.163	1.16	40.7	0.872	0.988	11.628	5.814	1.163	233	225	3.49	872	7.85	46.5	0.149	0.021
sr28:14066	Beverages, Protein powder whey based	USDA SR	28, NDB 14066	Beverages, Protein powder whey based	352	78.13	6.25	1.56	3.1	0	0.781	156	16	500	469	1.13	0	0	3.44	195	1321	6.18	0.049		26.7	0.609	2.017	1.136	5.516	0.607	33	224	2.45	0	0	0	0.158	0.299
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
