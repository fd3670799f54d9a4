ALTER TABLE `rows` ADD `edited_at` integer;--> statement-breakpoint
-- Rows fixed before: their last change is the best known time of their edit.
UPDATE `rows` SET `edited_at` = `updated_at` WHERE `user_edits` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `rows_edited_idx` ON `rows` (`job_id`,`edited_at`) WHERE edited_at IS NOT NULL;