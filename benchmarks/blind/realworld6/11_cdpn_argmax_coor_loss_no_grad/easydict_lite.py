class EasyDict(dict):
    """Minimal attribute-access dict (stand-in for the easydict package)."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)

    def __setattr__(self, name, value):
        self[name] = value
