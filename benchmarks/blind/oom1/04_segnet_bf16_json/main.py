import argparse
import json

from src.loop import run


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="binary segmentation of synthetic blobs")
    ap.add_argument("--config", default="configs/default.json")
    cfg = json.load(open(ap.parse_args().config))
    run(cfg)
