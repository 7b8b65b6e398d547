import argparse
import datetime
import random

import torch
import yaml

import train
from image_helper import ImageHelper


def copy_params(self, state_dict):
    own_state = self.state_dict()
    for name, param in state_dict.items():
        if name in own_state:
            own_state[name].copy_(param.clone())


if __name__ == '__main__':
    torch.manual_seed(1)
    parser = argparse.ArgumentParser(description='PPDL')
    parser.add_argument('--params', dest='params', default='utils/cifar_params.yaml')
    args = parser.parse_args()
    with open(f'./{args.params}', 'r') as f:
        params_loaded = yaml.safe_load(f)
    current_time = datetime.datetime.now().strftime('%b.%d_%H.%M.%S')
    helper = ImageHelper(current_time=current_time, params=params_loaded, name=params_loaded.get('name', 'image'))
    helper.load_data()
    helper.create_model()
    type(helper.local_model).copy_params = copy_params

    participant_ids = list(range(helper.params['number_of_total_participants']))
    random.seed(1)
    for epoch in range(1, helper.params['epochs'] + 1):
        agent_name_keys = random.sample(participant_ids, helper.params['no_models'])
        weight_accumulator = helper.init_weight_accumulator(helper.target_model)
        epochs_submit_update_dict, num_samples_dict = train.train(
            helper=helper, start_epoch=epoch, local_model=helper.local_model,
            target_model=helper.target_model, is_poison=False, agent_name_keys=agent_name_keys)
        weight_accumulator = helper.accumulate_weight(weight_accumulator, epochs_submit_update_dict, agent_name_keys)
        helper.average_shrink_models(weight_accumulator=weight_accumulator, target_model=helper.target_model,
                                     epoch_interval=1)
        print(f'epoch {epoch}: global model updated with {len(agent_name_keys)} clients')
