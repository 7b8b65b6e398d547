# -*- coding:utf-8 -*-
import argparse

import numpy as np
import torch
import torch.optim as optim
import yaml

from dataloader.pc_dataset import SyntheticKITTI, voxel_dataset, collate_fn_BEV
from network.cylinder_bev import build


def load_config_data(path):
    with open(path, 'r') as stream:
        return yaml.safe_load(stream)


def main(args):
    torch.manual_seed(0)
    configs = load_config_data(args.config_path)
    dataset_config = configs['dataset_params']
    train_dataloader_config = configs['train_data_loader']
    val_dataloader_config = configs['val_data_loader']
    model_config = configs['model_params']
    train_hypers = configs['train_params']

    val_batch_size = val_dataloader_config['batch_size']
    train_batch_size = train_dataloader_config['batch_size']
    num_class = model_config['num_class']
    grid_size = model_config['output_shape']

    my_model = build(model_config)
    optimizer = optim.Adam(my_model.parameters(), lr=train_hypers["learning_rate"])
    loss_func = torch.nn.CrossEntropyLoss(ignore_index=dataset_config['ignore_label'])

    train_pt = SyntheticKITTI(dataset_config['num_train_scans'], dataset_config['points_per_scan'], num_class, seed=1)
    val_pt = SyntheticKITTI(dataset_config['num_val_scans'], dataset_config['points_per_scan'], num_class, seed=2)
    train_dataset = voxel_dataset(train_pt, grid_size, dataset_config['ignore_label'],
                                  dataset_config['max_volume_space'], dataset_config['min_volume_space'])
    val_dataset = voxel_dataset(val_pt, grid_size, dataset_config['ignore_label'],
                                dataset_config['max_volume_space'], dataset_config['min_volume_space'])
    train_dataset_loader = torch.utils.data.DataLoader(dataset=train_dataset, batch_size=train_batch_size,
                                                       collate_fn=collate_fn_BEV,
                                                       shuffle=train_dataloader_config["shuffle"],
                                                       num_workers=train_dataloader_config["num_workers"])
    val_dataset_loader = torch.utils.data.DataLoader(dataset=val_dataset, batch_size=val_batch_size,
                                                     collate_fn=collate_fn_BEV,
                                                     shuffle=val_dataloader_config["shuffle"],
                                                     num_workers=val_dataloader_config["num_workers"])

    global_iter = 0
    for epoch in range(train_hypers['max_num_epochs']):
        loss_list = []
        my_model.train()
        for i_iter, (train_vox_label, train_grid, _, train_pt_fea) in enumerate(train_dataset_loader):
            train_pt_fea_ten = [torch.from_numpy(i).float() for i in train_pt_fea]
            train_vox_ten = [torch.from_numpy(i) for i in train_grid]
            point_label_tensor = train_vox_label.long()

            outputs = my_model(train_pt_fea_ten, train_vox_ten, train_batch_size)
            loss = loss_func(outputs, point_label_tensor)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            loss_list.append(loss.item())
            global_iter += 1

        my_model.eval()
        hist, total = 0, 0
        with torch.no_grad():
            for val_vox_label, val_grid, _, val_pt_fea in val_dataset_loader:
                val_pt_fea_ten = [torch.from_numpy(i).float() for i in val_pt_fea]
                val_grid_ten = [torch.from_numpy(i) for i in val_grid]
                predict_labels = my_model(val_pt_fea_ten, val_grid_ten, val_vox_label.shape[0])
                predict_labels = torch.argmax(predict_labels, dim=1)
                mask = val_vox_label != 0
                hist += (predict_labels[mask] == val_vox_label[mask]).sum().item()
                total += mask.sum().item()
        print('epoch %d, loss %.3f, val acc %.3f' % (epoch, np.mean(loss_list), hist / total))


if __name__ == '__main__':
    parser = argparse.ArgumentParser(description='')
    parser.add_argument('-y', '--config_path', default='config/semantickitti.yaml')
    args = parser.parse_args()
    main(args)
