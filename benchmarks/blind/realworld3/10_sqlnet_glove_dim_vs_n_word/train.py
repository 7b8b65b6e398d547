import argparse
import numpy as np
import torch
import yaml

from sqlnet.utils import load_word_emb, load_dataset, epoch_train, epoch_acc
from sqlnet.model.sqlnet import SQLNet

if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('--config', default='config.yaml')
    parser.add_argument('--epochs', type=int, default=None)
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    if args.epochs is not None:
        cfg['epochs'] = args.epochs

    np.random.seed(0)
    torch.manual_seed(0)
    GPU = torch.cuda.is_available()

    sql_data = load_dataset(400, seed=1)
    val_sql_data = load_dataset(100, seed=2)
    word_emb = load_word_emb(cfg['glove_path'])

    model = SQLNet(word_emb, N_word=cfg['N_word'], N_h=cfg['N_h'], N_depth=cfg['N_depth'], gpu=GPU)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg['learning_rate'], weight_decay=0)

    for i in range(cfg['epochs']):
        print('Epoch %d' % (i + 1))
        print(' Loss = %s' % epoch_train(model, optimizer, cfg['batch_size'], sql_data))
        print(' Dev acc_qm: %s' % epoch_acc(model, cfg['batch_size'], val_sql_data))
