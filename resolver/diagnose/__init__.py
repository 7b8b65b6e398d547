"""What went wrong: the Diagnosis value, read from the probe's report or a text traceback, and classified."""
