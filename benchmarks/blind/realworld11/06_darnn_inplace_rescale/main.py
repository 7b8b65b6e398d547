import argparse
import collections
import typing

import numpy as np
import torch
from torch import nn, optim

import utils
from modules import Encoder, Decoder

DaRnnNet = collections.namedtuple("DaRnnNet", ["encoder", "decoder", "enc_opt", "dec_opt"])
TrainConfig = collections.namedtuple("TrainConfig", ["T", "train_size", "batch_size", "loss_func"])


def da_rnn(train_data, n_targs: int, encoder_hidden_size=16, decoder_hidden_size=16,
           T=10, learning_rate=0.01, batch_size=64):
    train_cfg = TrainConfig(T, int(train_data["X"].shape[0] * 0.7), batch_size, nn.MSELoss())
    enc_kwargs = {"input_size": train_data["X"].shape[1], "hidden_size": encoder_hidden_size, "T": T}
    encoder = Encoder(**enc_kwargs)
    dec_kwargs = {"encoder_hidden_size": encoder_hidden_size,
                  "decoder_hidden_size": decoder_hidden_size, "T": T, "out_feats": n_targs}
    decoder = Decoder(**dec_kwargs)
    encoder_optimizer = optim.Adam(params=[p for p in encoder.parameters() if p.requires_grad], lr=learning_rate)
    decoder_optimizer = optim.Adam(params=[p for p in decoder.parameters() if p.requires_grad], lr=learning_rate)
    return train_cfg, DaRnnNet(encoder, decoder, encoder_optimizer, decoder_optimizer)


def prep_train_data(batch_idx: np.ndarray, t_cfg: TrainConfig, train_data):
    feats = np.zeros((len(batch_idx), t_cfg.T - 1, train_data["X"].shape[1]))
    y_history = np.zeros((len(batch_idx), t_cfg.T - 1))
    y_target = train_data["y_raw"][batch_idx + t_cfg.T]
    for b_i, b_idx in enumerate(batch_idx):
        b_slc = slice(b_idx, b_idx + t_cfg.T - 1)
        feats[b_i, :, :] = train_data["X"][b_slc, :]
        y_history[b_i, :] = train_data["y"][b_slc]
    return feats.astype(np.float32), y_history.astype(np.float32), y_target.reshape(-1, 1)


def train_iteration(t_net: DaRnnNet, loss_func: typing.Callable, X, y_history, y_target, scaler):
    t_net.enc_opt.zero_grad()
    t_net.dec_opt.zero_grad()

    input_weighted, input_encoded = t_net.encoder(utils.numpy_to_tvar(X))
    y_pred = t_net.decoder(input_encoded, utils.numpy_to_tvar(y_history))
    y_pred = utils.inverse_transform(y_pred, scaler)

    y_true = utils.numpy_to_tvar(y_target)
    loss = loss_func(y_pred, y_true)
    loss.backward()

    t_net.enc_opt.step()
    t_net.dec_opt.step()
    return loss.item()


def train(net: DaRnnNet, train_data, t_cfg: TrainConfig, scaler, n_epochs=3):
    iter_per_epoch = int(np.ceil(t_cfg.train_size * 1. / t_cfg.batch_size))
    for e_i in range(n_epochs):
        perm_idx = np.random.permutation(t_cfg.train_size - t_cfg.T)
        losses = []
        for t_i in range(0, t_cfg.train_size - t_cfg.T, t_cfg.batch_size):
            batch_idx = perm_idx[t_i:(t_i + t_cfg.batch_size)]
            feats, y_history, y_target = prep_train_data(batch_idx, t_cfg, train_data)
            losses.append(train_iteration(net, t_cfg.loss_func, feats, y_history, y_target, scaler))
        print("Epoch %d (%d iterations), train loss: %.4f" % (e_i, iter_per_epoch, np.mean(losses)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=64)
    args = parser.parse_args()

    np.random.seed(0)
    torch.manual_seed(0)
    X, y_raw = utils.make_series(600, n_driving=8, seed=0)
    scaler = utils.MinMaxScaler().fit(y_raw)
    data = {"X": X, "y": scaler.transform(y_raw).astype(np.float32), "y_raw": y_raw}
    config, model = da_rnn(data, n_targs=1, learning_rate=0.01, batch_size=args.batch_size)
    train(model, data, config, scaler, n_epochs=args.epochs)
