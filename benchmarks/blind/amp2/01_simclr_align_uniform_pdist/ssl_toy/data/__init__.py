from .views import make_loader
