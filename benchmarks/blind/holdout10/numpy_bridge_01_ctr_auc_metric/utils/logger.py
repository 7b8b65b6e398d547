import json
import os
import time


class JsonlLogger:
    def __init__(self, path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self.f = open(path, "w")
        self.t0 = time.time()

    def log(self, **kv):
        kv["time"] = round(time.time() - self.t0, 3)
        self.f.write(json.dumps(kv) + "\n")
        self.f.flush()

    def close(self):
        self.f.close()
