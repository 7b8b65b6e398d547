"""Where files are written: edits as values, atomic writes, backups for --undo, the bot's branch."""
