import yaml
import torch

from intent.data import synthetic_utterances
from intent.model.classifier import IntentClassifier
from intent.setup import freeze_by_name, make_optimizer
from intent.loop import train

cfg = yaml.safe_load(open("config.yaml"))
torch.manual_seed(0)
loader = synthetic_utterances(cfg["n_train"], cfg["vocab_size"], cfg["n_intents"], cfg["batch_size"])
model = IntentClassifier(cfg["vocab_size"], cfg["emb_dim"], cfg["hidden"], cfg["n_intents"])
freeze_by_name(model, cfg["freeze_keys"])
optimizer = make_optimizer(model, cfg["lr"])
train(model, loader, optimizer, cfg["epochs"])
