ALTER TABLE `rows` ADD `created_by_job` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Journals from before: a creation UUID was what said "created by this job".
UPDATE `rows` SET `created_by_job` = 1 WHERE `creation_uuid` IS NOT NULL;
