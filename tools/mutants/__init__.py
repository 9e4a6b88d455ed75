"""Small changes to the code, one at a time: does the suite catch each one?

``python -m tools.mutants`` (``make mutants``) copies the working tree to a scratch folder,
applies one change from the catalogues (``issue20``, ``moves``, ``scale``), runs the tests most
likely to catch it and, when they pass, the whole suite; then puts the file back and goes on. A
change the whole suite lets through is a bug a table would feel that no test catches. Not part of
``make check``: a full run takes tens of minutes.
"""
