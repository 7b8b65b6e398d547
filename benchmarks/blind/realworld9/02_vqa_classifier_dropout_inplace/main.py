import os, argparse
import torch
import json
import numpy as np
import torch.nn as nn
import torch.optim as optim

from model import base_model
from train.train_baseline import run
from utilities import config, utils, dataset as data


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument('--model', type=str, default='baseline')
    parser.add_argument('--output', type=str, default='baseline')
    parser.add_argument('--resume', action='store_true', help='resumed flag')
    parser.add_argument('--test', dest='test_only', action='store_true')
    parser.add_argument('--seed', type=int, default=3, help='random seed')
    args = parser.parse_args()
    return args


def seed_torch(seed):
    os.environ['PYTHONHASHSEED'] = str(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    print("seed: ", seed)


def saved_for_eval(eval_loader, result, output_path, epoch=None):
    """
        save a results file in the format accepted by the submission server.
        input result : [ans_idxs, acc, q_ids]
    """
    label2ans = eval_loader.dataset.label2ans
    results = []
    for a, q_id in zip(result[0], result[2]):
        results.append({'question_id': int(q_id), 'answer': label2ans[a]})
    results_path = os.path.join(output_path, 'eval_results.json')
    with open(results_path, 'w') as fd:
        json.dump(results, fd)


def load_embeddings():
    path = os.path.join(config.cache_root, 'glove6b_init_300d.npy')
    if not os.path.exists(path):
        rng = np.random.RandomState(7)
        np.save(path, (rng.randn(config.vocab_size, 300) * 0.1).astype(np.float32))
    return np.load(path)


if __name__ == '__main__':
    args = parse_args()
    seed_torch(args.seed)
    output_path = 'saved_models/{}/{}'.format(config.type + config.version, args.output)
    utils.create_dir(output_path)
    utils.create_dir(config.cache_root)

    ######################################### DATASET PREPARATION #######################################
    train_loader = data.get_loader('train')
    val_loader = data.get_loader('val')

    ######################################### MODEL PREPARATION #######################################
    embeddings = load_embeddings()
    constructor = 'build_%s' % args.model
    model = getattr(base_model, constructor)(embeddings, val_loader.dataset.num_ans_candidates)
    optimizer = optim.Adamax(model.parameters(), lr=config.lr)

    r = np.zeros(3)
    start_epoch = 0
    acc_val_best = 0
    tracker = utils.Tracker()
    model_path = os.path.join(output_path, 'model.pth')

    ######################################### MODEL RUN #######################################
    for epoch in range(start_epoch, config.epochs):
        run(model, train_loader, optimizer, tracker, train=True, prefix='train', epoch=epoch)
        r = run(model, val_loader, optimizer, tracker, train=False, prefix='val', epoch=epoch)

        results = {
            'epoch': epoch,
            'acc_val_best': acc_val_best,
            'model_state': model.state_dict(),
            'optim_state': optimizer.state_dict(),
        }
        if r[1].mean() > acc_val_best:
            acc_val_best = r[1].mean()
            saved_for_eval(val_loader, r, output_path, epoch)
        torch.save(results, model_path)
