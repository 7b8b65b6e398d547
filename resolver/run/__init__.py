"""Run the user's command: under the probe, in a sandbox, from a warm interpreter; the live status line."""
