ALTER TABLE `rows` ADD `possible_duplicates` text;--> statement-breakpoint
CREATE INDEX `rows_possible_idx` ON `rows` (`job_id`,`source_row`) WHERE possible_duplicates IS NOT NULL;