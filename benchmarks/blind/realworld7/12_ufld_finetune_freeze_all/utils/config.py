import importlib.util


class Config(dict):
    def __getattr__(self, name):
        return self[name]


def get_config(path):
    spec = importlib.util.spec_from_file_location('cfg', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return Config({k: v for k, v in vars(mod).items() if not k.startswith('__')})
