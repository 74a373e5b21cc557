"""Test harness shared by the test folders (imported as ``tests.helpers``: tests/conftest.py puts
the repository on the path): the simulated table rig and its scripted players."""
