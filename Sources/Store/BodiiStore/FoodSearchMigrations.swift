import GRDB

// Migration v3, frozen: its SQL as it shipped, written out, so a later change to the search key
// (`Schema.searchKey`) or the index's rebuild (`FoodSearchIndex.rebuild`) can never change
// what v3 does to a database that migrates through it.

enum FoodSearchMigrations: MigrationSQL {
    /// v3: the full-text index of food names. Contentless (the names stay in `food` only), with
    /// prefix indexes for 1–3 letters (so a query of one or two letters reads matches lazily), the
    /// `unicode61` tokenizer folding case and accents. Triggers keep it in sync with `food`, so a
    /// custom food is found the moment it is saved, and count changes in `food_search_state`, which
    /// tell each process's in-memory vocabulary and parsed names (`FoodSearchCache`) to reload.
    static func foodSearchV3(_ db: Database) throws {
        try db.execute(
            sql: #"""
                CREATE VIRTUAL TABLE food_fts USING fts5(
                    head, name, content = '', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
                -- The index's terms with the number of foods that have them. Listing them reads the
                -- whole index (half a second for a million foods), so it is done when the index is
                -- rebuilt (a seed), into food_search_term; foods added or renamed since are listed in
                -- food_search_pending, and their words join the in-memory vocabulary when it loads.
                CREATE VIRTUAL TABLE food_fts_vocab USING fts5vocab(food_fts, row);
                CREATE TABLE food_search_term (term TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                CREATE TABLE food_search_pending (food_rowid INTEGER PRIMARY KEY NOT NULL);
                -- terms: counts inserts, renames and deletes of foods (the vocabulary may have changed);
                -- foods: counts every change of a food or its servings (parsed names and serving counts
                -- may have); log: counts changes of the food log (the foods it lifts). bulk = 1 while a
                -- seed or bulk insert runs: the triggers stand aside and
                -- `FoodSearchIndex.endBulkChange` rebuilds the index in key order at the end.
                CREATE TABLE food_search_state (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    terms INTEGER NOT NULL,
                    foods INTEGER NOT NULL,
                    log INTEGER NOT NULL,
                    bulk INTEGER NOT NULL CHECK (bulk IN (0, 1))
                );
                INSERT INTO food_search_state (id, terms, foods, log, bulk) VALUES (1, 0, 0, 0, 0);

                CREATE TRIGGER food_search_insert AFTER INSERT ON food WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0 BEGIN
                    INSERT INTO food_fts(rowid, head, name) VALUES ((((CASE WHEN new.name LIKE 'Babyfood%' OR new.name LIKE 'Infant formula%' OR new.name LIKE 'Child formula%'
                        OR new.name LIKE 'Fast food%' OR new.name LIKE 'Restaurant,%' THEN 2
                        WHEN new.name GLOB '*[A-Z][A-Z]*' THEN 1 ELSE 0 END) << 56)
                        | (min(length(new.name), 4095) << 44) | (new.rowid & 17592186044415)), (CASE WHEN instr(new.name, ',') > 0 THEN substr(new.name, 1, instr(new.name, ',') - 1) ELSE new.name END), new.name);
                    INSERT OR IGNORE INTO food_search_pending (food_rowid) VALUES (new.rowid);
                    UPDATE food_search_state SET terms = terms + 1, foods = foods + 1 WHERE id = 1;
                END;
                CREATE TRIGGER food_search_delete AFTER DELETE ON food WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0 BEGIN
                    INSERT INTO food_fts(food_fts, rowid, head, name) VALUES ('delete', (((CASE WHEN old.name LIKE 'Babyfood%' OR old.name LIKE 'Infant formula%' OR old.name LIKE 'Child formula%'
                        OR old.name LIKE 'Fast food%' OR old.name LIKE 'Restaurant,%' THEN 2
                        WHEN old.name GLOB '*[A-Z][A-Z]*' THEN 1 ELSE 0 END) << 56)
                        | (min(length(old.name), 4095) << 44) | (old.rowid & 17592186044415)), (CASE WHEN instr(old.name, ',') > 0 THEN substr(old.name, 1, instr(old.name, ',') - 1) ELSE old.name END), old.name);
                    UPDATE food_search_state SET terms = terms + 1, foods = foods + 1 WHERE id = 1;
                END;
                CREATE TRIGGER food_search_rename AFTER UPDATE ON food
                WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0 AND (old.name IS NOT new.name OR old.rowid IS NOT new.rowid) BEGIN
                    INSERT INTO food_fts(food_fts, rowid, head, name) VALUES ('delete', (((CASE WHEN old.name LIKE 'Babyfood%' OR old.name LIKE 'Infant formula%' OR old.name LIKE 'Child formula%'
                        OR old.name LIKE 'Fast food%' OR old.name LIKE 'Restaurant,%' THEN 2
                        WHEN old.name GLOB '*[A-Z][A-Z]*' THEN 1 ELSE 0 END) << 56)
                        | (min(length(old.name), 4095) << 44) | (old.rowid & 17592186044415)), (CASE WHEN instr(old.name, ',') > 0 THEN substr(old.name, 1, instr(old.name, ',') - 1) ELSE old.name END), old.name);
                    INSERT INTO food_fts(rowid, head, name) VALUES ((((CASE WHEN new.name LIKE 'Babyfood%' OR new.name LIKE 'Infant formula%' OR new.name LIKE 'Child formula%'
                        OR new.name LIKE 'Fast food%' OR new.name LIKE 'Restaurant,%' THEN 2
                        WHEN new.name GLOB '*[A-Z][A-Z]*' THEN 1 ELSE 0 END) << 56)
                        | (min(length(new.name), 4095) << 44) | (new.rowid & 17592186044415)), (CASE WHEN instr(new.name, ',') > 0 THEN substr(new.name, 1, instr(new.name, ',') - 1) ELSE new.name END), new.name);
                    INSERT OR IGNORE INTO food_search_pending (food_rowid) VALUES (new.rowid);
                    UPDATE food_search_state SET terms = terms + 1, foods = foods + 1 WHERE id = 1;
                END;
                CREATE TRIGGER food_search_update AFTER UPDATE ON food
                WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0 AND old.name IS new.name AND old.rowid IS new.rowid BEGIN
                    UPDATE food_search_state SET foods = foods + 1 WHERE id = 1;
                END;
                CREATE TRIGGER food_search_serving_insert AFTER INSERT ON food_serving WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0 BEGIN
                    UPDATE food_search_state SET foods = foods + 1 WHERE id = 1;
                END;
                CREATE TRIGGER food_search_serving_update AFTER UPDATE ON food_serving WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0 BEGIN
                    UPDATE food_search_state SET foods = foods + 1 WHERE id = 1;
                END;
                CREATE TRIGGER food_search_serving_delete AFTER DELETE ON food_serving WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0 BEGIN
                    UPDATE food_search_state SET foods = foods + 1 WHERE id = 1;
                END;
                CREATE TRIGGER food_search_log_insert AFTER INSERT ON food_record BEGIN UPDATE food_search_state SET log = log + 1 WHERE id = 1; END;
                CREATE TRIGGER food_search_log_update AFTER UPDATE ON food_record BEGIN UPDATE food_search_state SET log = log + 1 WHERE id = 1; END;
                CREATE TRIGGER food_search_log_delete AFTER DELETE ON food_record BEGIN UPDATE food_search_state SET log = log + 1 WHERE id = 1; END;
                """#)
        // Foods already there (a database seeded before v3): the index and its term list.
        try db.execute(
            sql: #"""
                INSERT INTO food_fts(food_fts) VALUES ('delete-all');
                INSERT INTO food_fts(rowid, head, name)
                    SELECT (((CASE WHEN food.name LIKE 'Babyfood%' OR food.name LIKE 'Infant formula%' OR food.name LIKE 'Child formula%'
                        OR food.name LIKE 'Fast food%' OR food.name LIKE 'Restaurant,%' THEN 2
                        WHEN food.name GLOB '*[A-Z][A-Z]*' THEN 1 ELSE 0 END) << 56)
                        | (min(length(food.name), 4095) << 44) | (food.rowid & 17592186044415)) AS k, (CASE WHEN instr(food.name, ',') > 0 THEN substr(food.name, 1, instr(food.name, ',') - 1) ELSE food.name END), name FROM food ORDER BY k;
                DELETE FROM food_search_term;
                INSERT INTO food_search_term (term) SELECT term FROM food_fts_vocab;
                DELETE FROM food_search_pending;
                """#)
    }
}
