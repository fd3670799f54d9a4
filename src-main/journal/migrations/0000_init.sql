CREATE TABLE `connections` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`base_url` text NOT NULL,
	`limits` text NOT NULL,
	`is_sandbox` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `job_row_counts` (
	`job_id` text NOT NULL,
	`state` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`job_id`, `state`)
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`connection_id` text NOT NULL,
	`source_path` text NOT NULL,
	`source_hash` text NOT NULL,
	`source_sheet` text,
	`header_row` integer NOT NULL,
	`headers` text NOT NULL,
	`mapping` text NOT NULL,
	`options` text NOT NULL,
	`state` text NOT NULL,
	`state_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`connection_id`) REFERENCES `connections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `jobs_connection_idx` ON `jobs` (`connection_id`);--> statement-breakpoint
CREATE TABLE `mapping_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`header_signature` text NOT NULL,
	`mapping` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mapping_templates_name_idx` ON `mapping_templates` (`name`);--> statement-breakpoint
CREATE INDEX `mapping_templates_signature_idx` ON `mapping_templates` (`header_signature`,`updated_at`);--> statement-breakpoint
CREATE TABLE `row_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` text NOT NULL,
	`row_id` integer,
	`at` integer NOT NULL,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`row_id`) REFERENCES `rows`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `row_events_row_idx` ON `row_events` (`row_id`,`id`);--> statement-breakpoint
CREATE INDEX `row_events_job_idx` ON `row_events` (`job_id`,`id`);--> statement-breakpoint
CREATE TABLE `rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` text NOT NULL,
	`source_row` integer NOT NULL,
	`cells` text NOT NULL,
	`payload` text,
	`identity_key` text,
	`state` text NOT NULL,
	`problems` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`platform_id` text,
	`creation_uuid` text,
	`sent_at` integer,
	`screening_ids` text,
	`screening_status` text,
	`validation_request_id` text,
	`validation_status` text,
	`outcome_target_id` text,
	`rejection_reason` text,
	`error_code` text,
	`error_message` text,
	`user_edits` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rows_due_idx` ON `rows` (`job_id`,`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `rows_identity_idx` ON `rows` (`job_id`,`identity_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `rows_source_row_idx` ON `rows` (`job_id`,`source_row`);--> statement-breakpoint
CREATE INDEX `rows_state_source_row_idx` ON `rows` (`job_id`,`state`,`source_row`);--> statement-breakpoint
CREATE TABLE `send_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`connection_id` text NOT NULL,
	`group` text NOT NULL,
	`sent_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `send_log_window_idx` ON `send_log` (`connection_id`,`group`,`sent_at`);--> statement-breakpoint
CREATE INDEX `send_log_sent_at_idx` ON `send_log` (`sent_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
