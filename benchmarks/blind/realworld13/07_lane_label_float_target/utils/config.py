import importlib.util
import os


class Config(dict):
    def __getattr__(self, k):
        return self[k]

    @staticmethod
    def fromfile(path):
        spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return Config({k: v for k, v in vars(mod).items() if not k.startswith('__')})
