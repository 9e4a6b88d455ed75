"""Character sheets: traits and their ratings, SFX, drafts under the GM's approval, plot points and
experience."""
