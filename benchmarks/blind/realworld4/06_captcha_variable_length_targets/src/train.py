import os
import glob
import numpy as np
import torch

import config
import dataset
import engine
from model import CaptchaModel
from make_data import make_captchas


def decode_predictions(preds, encoder):
    preds = preds.permute(1, 0, 2)
    preds = torch.softmax(preds, 2)
    preds = torch.argmax(preds, 2)
    preds = preds.detach().cpu().numpy()
    cap_preds = []
    for j in range(preds.shape[0]):
        temp = []
        for k in preds[j, :]:
            k = k - 1
            if k == -1:
                temp.append("§")
            else:
                temp.append(encoder[k])
        tp = "".join(temp).replace("§", "")
        cap_preds.append(tp)
    return cap_preds


def run_training():
    torch.manual_seed(42)
    make_captchas(config.DATA_DIR)
    image_files = sorted(glob.glob(os.path.join(config.DATA_DIR, "*.npy")))
    targets_orig = [os.path.basename(x).split("_")[0] for x in image_files]
    targets = [[c for c in x] for x in targets_orig]
    targets_flat = [c for clist in targets for c in clist]

    classes_ = sorted(set(targets_flat))
    lbl_enc = {c: i for i, c in enumerate(classes_)}
    targets_enc = [[lbl_enc[c] for c in x] for x in targets]
    targets_enc = [[t + 1 for t in x] for x in targets_enc]

    rng = np.random.RandomState(42)
    idx = rng.permutation(len(image_files))
    n_test = len(image_files) // 10
    test_idx, train_idx = idx[:n_test], idx[n_test:]
    train_imgs = [image_files[i] for i in train_idx]
    test_imgs = [image_files[i] for i in test_idx]
    train_targets = [targets_enc[i] for i in train_idx]
    test_targets = [targets_enc[i] for i in test_idx]
    test_targets_orig = [targets_orig[i] for i in test_idx]

    train_dataset = dataset.ClassificationDataset(
        image_paths=train_imgs, targets=train_targets,
        resize=(config.IMAGE_HEIGHT, config.IMAGE_WIDTH),
    )
    train_loader = torch.utils.data.DataLoader(
        train_dataset, batch_size=config.BATCH_SIZE, num_workers=config.NUM_WORKERS, shuffle=True,
    )
    test_dataset = dataset.ClassificationDataset(
        image_paths=test_imgs, targets=test_targets,
        resize=(config.IMAGE_HEIGHT, config.IMAGE_WIDTH),
    )
    test_loader = torch.utils.data.DataLoader(
        test_dataset, batch_size=config.BATCH_SIZE, num_workers=config.NUM_WORKERS, shuffle=False,
    )

    model = CaptchaModel(num_chars=len(classes_))
    model.to(config.DEVICE)

    optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, factor=0.8, patience=5)
    for epoch in range(config.EPOCHS):
        train_loss = engine.train_fn(model, train_loader, optimizer)
        valid_preds, test_loss = engine.eval_fn(model, test_loader)
        valid_captcha_preds = []
        for vp in valid_preds:
            current_preds = decode_predictions(vp, classes_)
            valid_captcha_preds.extend(current_preds)
        print(list(zip(test_targets_orig, valid_captcha_preds))[:4])
        print(f"Epoch={epoch}, Train Loss={train_loss}, Test Loss={test_loss}")
        scheduler.step(test_loss)


if __name__ == "__main__":
    run_training()
