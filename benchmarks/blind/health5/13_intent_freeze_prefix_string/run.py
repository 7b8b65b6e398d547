import torch
import yaml

from intent.data import utterances
from intent.model import IntentClassifier
from intent.trainer import Trainer

cfg = yaml.safe_load(open("config.yaml"))
torch.manual_seed(0)
model = IntentClassifier(cfg["data"]["vocab_size"], cfg["data"]["seq_len"], cfg["data"]["n_intents"], **cfg["model"])
# pretend-pretrained word vectors (the real ones come from the fastText dump)
torch.manual_seed(42)
torch.nn.init.normal_(model.embed.weight, std=1.0)
Trainer(model, cfg["finetune"]).fit(utterances(**cfg["data"]))
