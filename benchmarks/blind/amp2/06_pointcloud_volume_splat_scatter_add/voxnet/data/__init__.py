from .shapes import ShapeClouds
