"""The cellar package."""
