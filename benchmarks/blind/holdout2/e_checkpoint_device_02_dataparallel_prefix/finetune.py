"""Stage 2: fine-tune the pretrained encoder on a small labelled set."""
import torch
from torch import nn
from torch.utils.data import DataLoader

from nets import Classifier, Encoder
from sensors import sensor_features


def load_encoder(path, latent):
    state = torch.load(path, map_location="cpu")
    enc_state = {k[len("encoder."):]: v for k, v in state.items() if k.startswith("encoder.")}
    enc = Encoder(latent=latent)
    enc.load_state_dict(enc_state)
    return enc


def finetune(cfg, pretrained_path):
    model = Classifier(load_encoder(pretrained_path, cfg["latent"]), latent=cfg["latent"])
    train_dl = DataLoader(sensor_features(96, seed=1, labelled=True), batch_size=cfg["batch_size"], shuffle=True)
    test_dl = DataLoader(sensor_features(200, seed=2, labelled=True), batch_size=200)
    opt = torch.optim.Adam([
        {"params": model.encoder.parameters(), "lr": cfg["lr"] * 0.1},
        {"params": model.head.parameters(), "lr": cfg["lr"]},
    ])
    for epoch in range(cfg["finetune_epochs"]):
        model.train()
        for x, y in train_dl:
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            x, y = next(iter(test_dl))
            acc = (model(x).argmax(1) == y).float().mean().item()
        print(f"[finetune] epoch {epoch} loss {loss.item():.4f} test acc {acc:.3f}")
    return model
