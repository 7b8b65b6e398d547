import os
import numpy as np
import torch


def make_acm_like(path, type_num, seed=0):
    """Writes a small ACM-like heterogeneous graph (paper / author / subject) to path."""
    rng = np.random.RandomState(seed)
    n_p, n_a, n_s = type_num
    label = rng.randint(0, 3, size=n_p)
    # authors and subjects are loosely tied to a class
    a_cls = rng.randint(0, 3, size=n_a)
    s_cls = np.arange(n_s) % 3
    nei_a, nei_s = [], []
    for p in range(n_p):
        same = np.where(a_cls == label[p])[0]
        k = rng.randint(1, 6)
        nei_a.append(np.unique(rng.choice(same, k)))
        same_s = np.where(s_cls == label[p])[0]
        nei_s.append(np.array([rng.choice(same_s)]))
    feat_p = (rng.rand(n_p, 128) < 0.05).astype(np.float32)
    feat_p[np.arange(n_p), label * 10 + rng.randint(0, 10, n_p)] = 1.0
    np.savez(path, label=label, feat_p=feat_p,
             nei_a=np.array(nei_a, dtype=object), nei_s=np.array(nei_s, dtype=object))


def encode_onehot(labels):
    labels = labels.reshape(-1, 1)
    out = np.zeros((labels.shape[0], labels.max() + 1), dtype=np.float32)
    out[np.arange(labels.shape[0]), labels[:, 0]] = 1
    return out


def normalize_adj(adj):
    adj = adj + np.eye(adj.shape[0], dtype=np.float32)
    d = adj.sum(1)
    d_inv_sqrt = np.power(d, -0.5)
    return (adj * d_inv_sqrt[:, None]) * d_inv_sqrt[None, :]


def sparse_tensor(dense):
    return torch.from_numpy(dense.astype(np.float32)).to_sparse()


def load_acm(ratio, type_num):
    path = "data/acm/acm_small.npz"
    os.makedirs("data/acm", exist_ok=True)
    if not os.path.exists(path):
        make_acm_like(path, type_num)
    d = np.load(path, allow_pickle=True)
    n_p, n_a, n_s = type_num
    label = encode_onehot(d["label"])
    nei_a = [np.asarray(x, dtype=np.int64) for x in d["nei_a"]]
    nei_s = [np.asarray(x, dtype=np.int64) for x in d["nei_s"]]
    feat_p = torch.FloatTensor(d["feat_p"])
    feat_a = torch.FloatTensor(np.eye(n_a, dtype=np.float32))
    feat_s = torch.FloatTensor(np.eye(n_s, dtype=np.float32))

    pa = np.zeros((n_p, n_a), dtype=np.float32)
    ps = np.zeros((n_p, n_s), dtype=np.float32)
    for p in range(n_p):
        pa[p, nei_a[p]] = 1
        ps[p, nei_s[p]] = 1
    pap = (pa @ pa.T > 0).astype(np.float32)
    psp = (ps @ ps.T > 0).astype(np.float32)
    # positives: self + the strongest meta-path neighbours
    pos = np.eye(n_p, dtype=np.float32)
    cnt = pa @ pa.T + ps @ ps.T
    np.fill_diagonal(cnt, 0)
    top = np.argsort(-cnt, axis=1)[:, :4]
    for p in range(n_p):
        pos[p, top[p]] = 1

    rng = np.random.RandomState(1)
    perm = rng.permutation(n_p)
    idx_train = [torch.LongTensor(perm[:ratio[0] * 3])]
    idx_val = [torch.LongTensor(perm[200:300])]
    idx_test = [torch.LongTensor(perm[300:])]
    return [nei_a, nei_s], [feat_p, feat_a, feat_s], \
        [sparse_tensor(normalize_adj(pap)), sparse_tensor(normalize_adj(psp))], \
        sparse_tensor(pos), torch.FloatTensor(label), idx_train, idx_val, idx_test


def load_data(dataset, ratio, type_num):
    if dataset == "acm":
        return load_acm(ratio, type_num)
    raise ValueError(dataset)
