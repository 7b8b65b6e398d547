import argparse
import json
import os

from stages import finetune, pretrain


def main():
    ap = argparse.ArgumentParser(description="MLM pretraining -> classification finetuning")
    ap.add_argument("--config", default="configs/pipeline.json")
    ap.add_argument("--stages", nargs="+", default=["pretrain", "finetune"], choices=["pretrain", "finetune"])
    ap.add_argument("--pretrained", default=None, help="skip pretraining and use this checkpoint")
    ap.add_argument("--work-dir", default=None)
    args = ap.parse_args()

    with open(args.config) as f:
        cfg = json.load(f)
    if args.work_dir:
        cfg["work_dir"] = args.work_dir
    os.makedirs(cfg["work_dir"], exist_ok=True)
    with open(os.path.join(cfg["work_dir"], "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)

    ckpt = args.pretrained
    if "pretrain" in args.stages:
        ckpt = pretrain.run(cfg)
    if "finetune" in args.stages:
        if ckpt is None:
            ckpt = os.path.join(cfg["work_dir"], "pretrain", "mlm_last.pt")
        finetune.run(cfg, ckpt)


if __name__ == "__main__":
    main()
