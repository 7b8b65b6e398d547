import argparse
import logging

import torch
import yaml
from torch.utils.data import DataLoader

from kws.dataset.synthetic import FbankKeywordSet, collate
from kws.model.ds_tcn import KWSModel
from kws.utils.executor import Executor


def get_args():
    parser = argparse.ArgumentParser(description='training your network')
    parser.add_argument('--config', required=True, help='config file')
    parser.add_argument('--seed', type=int, default=777)
    return parser.parse_args()


def main():
    args = get_args()
    logging.basicConfig(level=logging.INFO, format='%(asctime)s %(levelname)s %(message)s')
    with open(args.config, 'r') as fin:
        configs = yaml.load(fin, Loader=yaml.FullLoader)
    torch.manual_seed(args.seed)
    dc = configs['dataset_conf']
    train_set = FbankKeywordSet(dc['train_utts'], dc['num_keywords'], dc['num_mel_bins'], dc['num_frames'], seed=1)
    cv_set = FbankKeywordSet(256, dc['num_keywords'], dc['num_mel_bins'], dc['num_frames'], seed=2)
    train_loader = DataLoader(train_set, batch_size=dc['batch_size'], shuffle=True, collate_fn=collate)
    cv_loader = DataLoader(cv_set, batch_size=128, collate_fn=collate)

    model = KWSModel(dc['num_mel_bins'], dc['num_keywords'], **configs['model'])
    device = torch.device('cpu')
    if configs['optim'] == 'adam':
        optimizer = torch.optim.Adam(model.parameters(), **configs['optim_conf'])
    else:
        optimizer = torch.optim.SGD(model.parameters(), **configs['optim_conf'])

    executor = Executor()
    training_config = configs['training_config']
    for epoch in range(training_config['max_epoch']):
        training_config['epoch'] = epoch
        train_loss = executor.train(model, optimizer, train_loader, device, training_config)
        cv_loss, cv_acc = executor.cv(model, cv_loader, device, training_config)
        logging.info('Epoch {} TRAIN info loss {:.6f} CV info cv_loss {:.6f} acc {:.4f}'.format(
            epoch, train_loss, cv_loss, cv_acc))


if __name__ == '__main__':
    main()
