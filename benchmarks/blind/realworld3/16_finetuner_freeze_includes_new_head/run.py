import argparse
import torch
from tuner.backbone import TinyResNet
from tuner.data import PairDataset
from tuner.fit import fit
from tuner.tailor import to_embedding_model

parser = argparse.ArgumentParser()
parser.add_argument('--epochs', type=int, default=2)
parser.add_argument('--output_dim', type=int, default=32)
args = parser.parse_args()

torch.manual_seed(0)
backbone = TinyResNet()
backbone.load_state_dict(torch.load('backbone.pt'))
embed_model = to_embedding_model(backbone, layer_name='fc', output_dim=args.output_dim, freeze=True)
fit(embed_model, PairDataset(), epochs=args.epochs)
