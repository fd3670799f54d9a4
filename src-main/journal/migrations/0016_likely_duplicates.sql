ALTER TABLE `rows` ADD `duplicates` text;--> statement-breakpoint
ALTER TABLE `rows` ADD `duplicate_decision` text;