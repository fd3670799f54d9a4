-- A row's error keeps the values of its sentence's placeholders: it is worded from the
-- catalogue in the reader's language.
ALTER TABLE `rows` ADD `error_params` text;