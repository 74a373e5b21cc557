"""Packaging beyond what pyproject.toml can say: the pod firmware and the hardware folder ship
inside the package (``console.pod_firmware``, ``console.hardware``) while staying at the top of
the repository, where people read them.

setuptools cannot map a folder outside ``console/`` onto a subpackage and still find the other
packages by itself, so the package list is built here; everything else is in pyproject.toml.
"""

from setuptools import find_packages, setup

# Subpackage -> the top-level folder it is built from (the source of truth; edit those).
MAPPED = {"console.pod_firmware": "firmware/pod", "console.hardware": "hardware"}

setup(
    packages=[*find_packages(include=["console", "console.*"]), *MAPPED],
    package_dir=MAPPED,
)
