import argparse
import importlib
import logging
import os

import numpy as np
import torch

from backbones import get_model
from dataset import get_dataloader
from losses import ArcFace


def get_config(config_file):
    assert config_file.startswith('configs/'), 'config file setting must start with configs/'
    temp_module_name = os.path.splitext(config_file)[0].replace('/', '.')
    config = importlib.import_module(temp_module_name)
    return config.config


def main(args):
    cfg = get_config(args.config)
    torch.manual_seed(cfg.seed)
    np.random.seed(cfg.seed)
    logging.basicConfig(level=logging.INFO, format="Training: %(asctime)s-%(message)s")

    train_loader = get_dataloader(cfg.rec, cfg.batch_size)

    backbone = get_model(cfg.network, dropout=0.0, num_features=cfg.embedding_size)
    backbone.train()
    module_partial_fc = ArcFace(cfg.embedding_size, cfg.num_classes)
    module_partial_fc.train()

    opt = torch.optim.SGD(
        params=[{"params": backbone.parameters()}, {"params": module_partial_fc.parameters()}],
        lr=cfg.lr, momentum=cfg.momentum, weight_decay=cfg.weight_decay)

    global_step = 0
    for epoch in range(cfg.num_epoch):
        for _, (img, local_labels) in enumerate(train_loader):
            global_step += 1
            local_embeddings = backbone(img)
            loss = module_partial_fc(local_embeddings, local_labels)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(backbone.parameters(), 5)
            opt.step()
            opt.zero_grad()
            if global_step % cfg.verbose == 0:
                logging.info("Epoch: %d  Global Step: %d  Loss: %.4f" % (epoch, global_step, loss.item()))

    os.makedirs(cfg.output, exist_ok=True)
    torch.save(backbone.state_dict(), os.path.join(cfg.output, "model.pt"))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Distributed Arcface Training in Pytorch")
    parser.add_argument("config", type=str, help="py config file")
    main(parser.parse_args())
