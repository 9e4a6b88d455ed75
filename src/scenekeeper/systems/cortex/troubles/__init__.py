"""Troubles: complications and assets, stress and trauma (and the Shaken and Stricken mod),
recovery, the doom pool, crisis pools, and leaving the scene."""
