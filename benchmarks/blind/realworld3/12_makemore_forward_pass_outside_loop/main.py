import argparse
from makemore.data import build_dataset
from makemore.bigram_nn import train, sample

parser = argparse.ArgumentParser()
parser.add_argument('--steps', type=int, default=100)
args = parser.parse_args()

xs, ys, stoi, itos = build_dataset('names.txt')
W = train(xs, ys, num_classes=len(stoi), steps=args.steps)
print(sample(W.detach(), itos))
