-- The send log holds a few hundred entries, loaded once at start-up: its index is one page
-- written by every intent for nothing.
DROP INDEX `send_log_window_idx`;