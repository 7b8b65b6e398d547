import numpy as np
import torch
import torch.nn as nn


class WordEmbedding(nn.Module):
    def __init__(self, word_emb, N_word, gpu):
        super(WordEmbedding, self).__init__()
        self.N_word = N_word
        self.gpu = gpu
        self.word_emb = word_emb
        # size of the vectors actually stored in the GloVe file
        self.emb_dim = len(next(iter(word_emb.values())))

    def gen_x_batch(self, q):
        B = len(q)
        val_embs = []
        val_len = np.zeros(B, dtype=np.int64)
        for i, one_q in enumerate(q):
            q_val = [self.word_emb.get(x, np.zeros(self.emb_dim, dtype=np.float32)) for x in one_q]
            val_embs.append([np.zeros(self.emb_dim, dtype=np.float32)] + q_val +
                            [np.zeros(self.emb_dim, dtype=np.float32)])  # <BEG> and <END>
            val_len[i] = 1 + len(q_val) + 1
        max_len = max(val_len)
        val_emb_array = np.zeros((B, max_len, self.emb_dim), dtype=np.float32)
        for i in range(B):
            for t in range(len(val_embs[i])):
                val_emb_array[i, t, :] = val_embs[i][t]
        val_inp = torch.from_numpy(val_emb_array)
        if self.gpu:
            val_inp = val_inp.cuda()
        return val_inp, val_len
