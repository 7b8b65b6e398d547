from .data import ACTIVITIES
from .finetune_utils import count_trainable, freeze_all_but_head, load_pretrained_encoder
from .models import ActivityClassifier


def build_probe_model(pretrained_ckpt, width=32, emb_dim=64, linear_probe=True):
    model = ActivityClassifier(len(ACTIVITIES), width=width, out_dim=emb_dim)
    load_pretrained_encoder(model, pretrained_ckpt)
    if linear_probe:
        freeze_all_but_head(model, head_prefixes=("classifier",))
    total = sum(p.numel() for p in model.parameters())
    print(f"probe model: {count_trainable(model)}/{total} trainable parameters")
    return model
