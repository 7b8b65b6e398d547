import argparse
import yaml

from asr.engine.executor import Executor

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--conf", default="conf.yaml")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    Executor(yaml.safe_load(open(a.conf)), seed=a.seed).run()
