"""Test harness shared by the test folders (importable as ``helpers``: tests/conftest.py puts
tests/ on the path): the simulated table rig and its scripted players."""
