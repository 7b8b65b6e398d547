import csv
import random
from collections import Counter


class Preprocessing:

	def __init__(self, args):
		self.data = 'data/tweets.csv'
		self.max_len = args.max_len
		self.max_words = args.max_words
		self.test_size = args.test_size

	def load_data(self):
		with open(self.data, newline='') as f:
			rows = list(csv.DictReader(f))
		X = [r['text'] for r in rows]
		Y = [int(r['target']) for r in rows]
		idx = list(range(len(X)))
		random.Random(42).shuffle(idx)
		n_test = int(len(idx) * self.test_size)
		test_idx, train_idx = idx[:n_test], idx[n_test:]
		self.x_train = [X[i] for i in train_idx]
		self.y_train = [Y[i] for i in train_idx]
		self.x_test = [X[i] for i in test_idx]
		self.y_test = [Y[i] for i in test_idx]

	def prepare_tokens(self):
		counts = Counter(w for text in self.x_train for w in text.lower().split())
		self.vocabulary = {w: i + 1 for i, (w, _) in enumerate(counts.most_common(int(self.max_words) - 1))}

	def sequence_to_token(self, x):
		sequences = []
		for text in x:
			seq = [self.vocabulary.get(w, 0) for w in text.lower().split()][:self.max_len]
			seq = [0] * (self.max_len - len(seq)) + seq
			sequences.append(seq)
		return sequences
