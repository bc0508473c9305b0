-- Look-alike skeletons now drop combining marks ("Overwatc" + U+0323 + "h" reads "Overwatch"). Only a name with a
-- character outside ASCII can hold a mark, so only those skeletons are cleared; the start-up backfill
-- (name-skeletons.ts) computes them again in batches, as it does for names stored before the rule.
UPDATE "characters" SET "name_skeleton" = NULL WHERE "name_skeleton" IS NOT NULL AND "name" ~ '[^\x01-\x7f]';
