from .module import GenreModule, GenreMLP
