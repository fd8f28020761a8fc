"""Tests of Match 2-52, one file per engine module."""
