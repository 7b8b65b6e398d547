import argparse

from ecg.config import AmpConfig, ExperimentConfig
from ecg.engine.trainer import Trainer


def cli():
    ap = argparse.ArgumentParser("ECG beat classifier")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--precision", choices=["fp32", "bf16", "fp16"], default="bf16")
    a = ap.parse_args()
    amp = AmpConfig(enabled=a.precision != "fp32", dtype={"fp32": "float32", "bf16": "bfloat16", "fp16": "float16"}[a.precision])
    return ExperimentConfig(epochs=a.epochs, amp=amp)


if __name__ == "__main__":
    Trainer(cli()).fit()
