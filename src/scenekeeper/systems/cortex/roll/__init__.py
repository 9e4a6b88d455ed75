"""The roll: building a pool from what people type, rolling it, reading it, and what may change a
reading afterwards (picks, plot points on a roll, hitches, the odds)."""
