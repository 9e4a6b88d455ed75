"""Action order: handing off, Taking Initiative, dramatic order, and action-based resolution (an
action and the reaction to it)."""
