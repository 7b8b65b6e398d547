import settings as cfg
from data import color_blobs
from evaluate import confusion, load_for_inference
from nets import PatchMixer
from trainer import fit
import torch


def main():
    torch.manual_seed(0)
    train_ds = color_blobs(cfg.TRAIN_SIZE, cfg.NUM_CLASSES, cfg.IMAGE_SIZE, seed=0)
    val_ds = color_blobs(cfg.VAL_SIZE, cfg.NUM_CLASSES, cfg.IMAGE_SIZE, seed=1)
    model = PatchMixer(image_size=cfg.IMAGE_SIZE, num_classes=cfg.NUM_CLASSES)
    best = fit(model, train_ds, val_ds, cfg)

    restored = load_for_inference(best, cfg)
    cm = confusion(restored, val_ds, cfg.NUM_CLASSES)
    print("confusion matrix (rows = truth):")
    print(cm)
    print(f"restored model accuracy: {cm.diag().sum().item() / cm.sum().item():.3f}")


if __name__ == "__main__":
    main()
