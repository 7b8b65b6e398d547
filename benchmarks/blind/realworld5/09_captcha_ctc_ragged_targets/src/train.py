import glob
import os

import numpy as np
import torch

import config
import dataset
import engine
from model import CaptchaModel


class LabelEncoder:
    def fit(self, y):
        self.classes_ = sorted(set(y))
        self._index = {c: i for i, c in enumerate(self.classes_)}
        return self

    def transform(self, y):
        return np.array([self._index[c] for c in y])

    def inverse_transform(self, y):
        return [self.classes_[i] for i in y]


def train_test_split(*arrays, test_size=0.1, random_state=42):
    n = len(arrays[0])
    idx = np.random.RandomState(random_state).permutation(n)
    n_test = int(round(n * test_size))
    test_idx, train_idx = idx[:n_test], idx[n_test:]
    out = []
    for a in arrays:
        out.append([a[i] for i in train_idx])
        out.append([a[i] for i in test_idx])
    return out


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
                p = encoder.inverse_transform([k])[0]
                temp.append(p)
        tp = "".join(temp).replace("§", "")
        cap_preds.append(tp)
    return cap_preds


def run_training():
    image_files = sorted(glob.glob(os.path.join(config.DATA_DIR, "*.npy")))
    targets_orig = [os.path.basename(x)[:-4] for x in image_files]
    targets = [[c for c in x] for x in targets_orig]
    targets_flat = [c for clist in targets for c in clist]

    lbl_enc = LabelEncoder()
    lbl_enc.fit(targets_flat)
    targets_enc = [lbl_enc.transform(x) + 1 for x in targets]

    (
        train_imgs,
        test_imgs,
        train_targets,
        test_targets,
        _,
        test_targets_orig,
    ) = train_test_split(
        image_files, targets_enc, targets_orig, test_size=0.1, random_state=42
    )

    train_dataset = dataset.ClassificationDataset(
        image_paths=train_imgs,
        targets=train_targets,
        resize=(config.IMAGE_HEIGHT, config.IMAGE_WIDTH),
    )
    train_loader = torch.utils.data.DataLoader(
        train_dataset,
        batch_size=config.BATCH_SIZE,
        num_workers=config.NUM_WORKERS,
        shuffle=True,
    )
    test_dataset = dataset.ClassificationDataset(
        image_paths=test_imgs,
        targets=test_targets,
        resize=(config.IMAGE_HEIGHT, config.IMAGE_WIDTH),
    )
    test_loader = torch.utils.data.DataLoader(
        test_dataset,
        batch_size=config.BATCH_SIZE,
        num_workers=config.NUM_WORKERS,
        shuffle=False,
    )

    model = CaptchaModel(num_chars=len(lbl_enc.classes_))
    model.to(config.DEVICE)

    optimizer = torch.optim.Adam(model.parameters(), lr=3e-4)
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(
        optimizer, factor=0.8, patience=5
    )
    for epoch in range(config.EPOCHS):
        train_loss = engine.train_fn(model, train_loader, optimizer)
        valid_preds, test_loss = engine.eval_fn(model, test_loader)
        valid_captcha_preds = []
        for vp in valid_preds:
            current_preds = decode_predictions(vp, lbl_enc)
            valid_captcha_preds.extend(current_preds)
        combined = list(zip(test_targets_orig, valid_captcha_preds))
        print(combined[:5])
        print(
            f"Epoch={epoch}, Train Loss={train_loss}, Test Loss={test_loss}"
        )
        scheduler.step(test_loss)


if __name__ == "__main__":
    torch.manual_seed(42)
    run_training()
