import argparse

from voxnet.engine.loop import TrainConfig, run


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--grid", type=int, default=12)
    ap.add_argument("--amp", choices=["off", "bf16"], default="bf16")
    a = ap.parse_args()
    run(TrainConfig(epochs=a.epochs, grid=a.grid, amp=a.amp))
